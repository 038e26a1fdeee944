# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Hyperspectral classifier whose band-reduction front end is picked by a config string:
    a learned 1x1 projection, fixed band averaging, or every k-th band."""

    def __init__(self, bands: int = 12, keep: int = 4, mode: str = "average"):
        super().__init__()
        self.mode, self.keep = mode, keep
        self.proj = nn.Conv2d(bands, keep, 1)
        self.head = nn.Conv2d(keep, 3, 3, padding=1)

    def forward(self, cube: torch.Tensor) -> torch.Tensor:
        match self.mode:  # breaks: script
            case "learned":
                x = self.proj(cube)
            case "average":
                x = cube.unflatten(1, (self.keep, -1)).mean(2)
            case _:
                x = cube[:, :: cube.shape[1] // self.keep]
        return self.head(x)


def inputs():
    torch.manual_seed(7527)
    return [(torch.randn(1, 12, 5, 5),), (torch.randn(2, 12, 4, 6),)]
