# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def _init(m: nn.Module) -> None:
    if isinstance(m, (nn.Conv1d, nn.Linear)):
        nn.init.xavier_uniform_(m.weight)
        nn.init.zeros_(m.bias)


class Model(nn.Module):
    """Bird-call tagger: reports the top species, at most `k`, among those whose clip-level
    probability clears the presence threshold."""

    def __init__(self, n_mels: int = 8, species: int = 6, k: int = 3, thr: float = 0.6):
        super().__init__()
        self.enc = nn.Conv1d(n_mels, 8, 3, padding=1)
        self.cls = nn.Linear(8, species)
        self.k, self.thr = k, thr
        self.apply(_init)

    def forward(self, mel: torch.Tensor):
        prob = torch.sigmoid(self.cls(torch.relu(self.enc(mel)).amax(-1)))
        present = int((prob > self.thr).sum(-1).max())  # breaks: compile,export,trace
        k = min(self.k, max(present, 1))
        top = prob.topk(k, dim=-1)
        return top.values, top.indices


def inputs():
    torch.manual_seed(7331)
    return [(torch.randn(2, 8, 12) * 0.01,), (torch.randn(2, 8, 12) * 5,)]
