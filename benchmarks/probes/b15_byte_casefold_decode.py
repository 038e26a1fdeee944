import torch
from torch import Tensor, nn


class ByteTokenizer:
    """In-model byte tokenizer (ByT5-style): ids 0..2 are special, bytes are offset by 3."""

    offset = 3

    def normalize(self, ids: Tensor) -> Tensor:
        data = (ids[ids >= self.offset] - self.offset).tolist()  # breaks: compile,export,trace
        raw = bytes(data)
        text = raw.decode("utf-8", errors="ignore")
        encoded = list(text.lower().encode("utf-8"))
        return torch.tensor(encoded, dtype=ids.dtype) + self.offset


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.tokenizer = ByteTokenizer()
        self.embed = nn.Embedding(256 + 3, dim)
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)

    def forward(self, ids: Tensor) -> Tensor:
        ids = self.tokenizer.normalize(ids)
        h = self.embed(ids).T.unsqueeze(0)
        return self.conv(h).amax(-1)


def _encode(s: str) -> Tensor:
    return torch.tensor([1] + [b + 3 for b in s.encode("utf-8")] + [2])


def inputs():
    return [(_encode("Hello World"),), (_encode("PyTorch CTC"),)]
