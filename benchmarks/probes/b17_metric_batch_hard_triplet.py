import torch
import torch.nn as nn
import torch.nn.functional as F


def pairwise_dist(emb: torch.Tensor, squared: bool = False) -> torch.Tensor:
    dot = emb @ emb.t()
    sq = dot.diagonal()
    d = (sq[:, None] - 2 * dot + sq[None, :]).clamp_min(0)
    if squared:
        return d
    zero = (d == 0).float()
    return (d + zero * 1e-16).sqrt() * (1 - zero)


class BatchHardTriplet(nn.Module):
    def __init__(self, margin=0.3):
        super().__init__()
        self.margin = margin

    def forward(self, emb, labels):
        d = pairwise_dist(emb)
        same = labels[:, None] == labels[None, :]
        eye = torch.eye(len(labels), dtype=torch.bool, device=emb.device)  # breaks: trace
        hardest_pos = (d * (same & ~eye)).amax(1)
        max_d = d.amax(1, keepdim=True)
        hardest_neg = (d + max_d * same).amin(1)
        return F.relu(hardest_pos - hardest_neg + self.margin).mean()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 8))
        self.loss = BatchHardTriplet()

    def forward(self, x, labels):
        e = F.normalize(self.embed(x), dim=-1)
        return e, self.loss(e, labels)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(6, 10), torch.tensor([0, 0, 1, 1, 2, 2])), (torch.randn(8, 10), torch.tensor([0, 1, 0, 1, 2, 3, 2, 3]))]
