# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Neck(nn.Module):
    def __init__(self, dims: list[int] = [2, 3]):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(d, 4, 1) for d in dims])

    def forward(self, feats: list[torch.Tensor]) -> dict[str, torch.Tensor]:
        out: dict[str, torch.Tensor] = {}
        for i, lat in enumerate(self.lateral):
            out[f"p{i}"] = lat(feats[i])
        return out

    @staticmethod
    def spatial(x: torch.Tensor) -> tuple[int, int]:
        return x.shape[-2], x.shape[-1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.neck = Neck()

    def forward(self, a, b):
        out = self.neck([a, b])
        h, w = self.neck.spatial(out["p1"])
        return out["p0"].mean() + out["p1"].sum() / (h * w)


def inputs():
    return [
        (torch.randn(1, 2, 4, 4), torch.randn(1, 3, 2, 2)),
        (torch.randn(2, 2, 3, 3), torch.randn(2, 3, 3, 3)),
    ]
