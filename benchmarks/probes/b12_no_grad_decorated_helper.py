import torch
from torch import Tensor, nn


class EMATeacher(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        for p in self.parameters():
            p.requires_grad_(False)

    @torch.no_grad()
    def targets(self, x: Tensor) -> Tensor:
        return nn.functional.layer_norm(self.proj(x), x.shape[-1:])


class Student(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)


class Model(nn.Module):
    """data2vec-style regression of student outputs onto frozen teacher features."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.student = Student(dim)
        self.teacher = EMATeacher(dim)

    def forward(self, x: Tensor, mask: Tensor):
        pred = self.student(x.masked_fill(mask.unsqueeze(-1), 0.0))
        target = self.teacher.targets(x)
        err = (pred - target).pow(2).mean(-1)
        return (err * mask).sum() / mask.sum().clamp(min=1), pred


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.5),
        (torch.randn(3, 4, 8), torch.rand(3, 4) > 0.3),
    ]
