import torch
from torch import nn

EOS_BYTE = 0


class ByteEmbedding(nn.Module):
    def __init__(self, dim: int = 16):
        super().__init__()
        self.table = nn.Embedding(256, dim)
        self.pos = nn.Parameter(torch.randn(64, dim) * 0.02)

    def forward(self, data):
        return self.table(data) + self.pos[: data.shape[-1]]


def strip_after_eos(data: torch.Tensor) -> torch.Tensor:
    hits = (data == EOS_BYTE).nonzero()
    if len(hits) > 0:  # breaks: compile,export
        data = data[: hits[0].item()]  # breaks: trace
    return data


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = ByteEmbedding()
        self.mix = nn.Conv1d(16, 16, 3, padding=2)
        self.out = nn.Linear(16, 256)

    def forward(self, data):
        data = strip_after_eos(data)
        h = self.mix(self.embed(data).t().unsqueeze(0))[..., : data.shape[-1]]
        return self.out(torch.relu(h[..., -1]))


def inputs():
    torch.manual_seed(0)
    a = torch.randint(1, 256, (20,))
    a[12] = 0
    b = torch.randint(1, 256, (20,))
    b[7] = 0
    return [(a,), (b,)]
