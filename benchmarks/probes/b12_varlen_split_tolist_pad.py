import torch
from torch import Tensor, nn
from torch.nn.utils.rnn import pad_sequence


def unpack_flat(flat: Tensor, lengths: Tensor):
    chunks = torch.split(flat, lengths.tolist(), dim=0)  # breaks: compile,export,trace
    return pad_sequence(list(chunks), batch_first=True)


class UtteranceEncoder(nn.Module):
    def __init__(self, feats: int, dim: int):
        super().__init__()
        self.frame = nn.Linear(feats, dim)
        self.gru = nn.GRU(dim, dim, batch_first=True)

    def forward(self, flat_frames: Tensor, lengths: Tensor) -> Tensor:
        padded = unpack_flat(self.frame(flat_frames), lengths)
        out, _ = self.gru(padded)
        idx = (lengths - 1).clamp(min=0)
        return out[torch.arange(out.shape[0]), idx]


class Model(nn.Module):
    def __init__(self, feats: int = 5, dim: int = 8, classes: int = 3):
        super().__init__()
        self.enc = UtteranceEncoder(feats, dim)
        self.cls = nn.Linear(dim, classes)

    def forward(self, flat_frames: Tensor, lengths: Tensor) -> Tensor:
        return self.cls(self.enc(flat_frames, lengths))


def inputs():
    return [
        (torch.randn(9, 5), torch.tensor([4, 5])),
        (torch.randn(9, 5), torch.tensor([2, 6, 1])),
    ]
