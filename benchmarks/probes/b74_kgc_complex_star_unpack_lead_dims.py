# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """ComplEx scoring over any leading batch shape: embeddings hold real and imaginary halves,
    split with unflatten; leading dims are flattened and restored."""

    def __init__(self, n_ent: int = 10, n_rel: int = 3, dim: int = 4):
        super().__init__()
        self.ent = nn.Embedding(n_ent, 2 * dim)
        self.rel = nn.Embedding(n_rel, 2 * dim)

    def forward(self, h: torch.Tensor, r: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        *lead, = h.shape  # breaks: trace,script
        e_h, e_r, e_t = (
            emb.reshape(-1, emb.shape[-1]).unflatten(-1, (2, -1))
            for emb in (self.ent(h), self.rel(r), self.ent(t))
        )
        hr, hi = e_h.unbind(1)
        rr, ri = e_r.unbind(1)
        tr, ti = e_t.unbind(1)
        score = (hr * rr * tr + hi * rr * ti + hr * ri * ti - hi * ri * tr).sum(-1)
        return score.reshape(*lead)


def inputs():
    torch.manual_seed(7425)
    return [
        (torch.randint(0, 10, (2, 3)), torch.randint(0, 3, (2, 3)), torch.randint(0, 10, (2, 3))),
        (torch.randint(0, 10, (4,)), torch.randint(0, 3, (4,)), torch.randint(0, 10, (4,))),
    ]
