# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

C0 = 0.28209479177387814
C1 = 0.4886025119029199


class Model(nn.Module):
    """Colour of each 3D Gaussian from its spherical-harmonics coefficients and the view direction."""

    def __init__(self, n: int = 8, sh_degree: int = 1):
        super().__init__()
        self.sh_degree = sh_degree
        self.sh = nn.Parameter(torch.randn(n, (sh_degree + 1) ** 2, 3) * 0.1)

    def forward(self, dirs: torch.Tensor) -> torch.Tensor:
        d = dirs / dirs.norm(dim=-1, keepdim=True)
        match self.sh_degree:  # breaks: script
            case 0:
                rgb = C0 * self.sh[:, 0]
            case 1:
                x, y, z = d[:, 0:1], d[:, 1:2], d[:, 2:3]
                rgb = C0 * self.sh[:, 0] - C1 * y * self.sh[:, 1] + C1 * z * self.sh[:, 2] - C1 * x * self.sh[:, 3]
            case _:
                raise NotImplementedError(self.sh_degree)
        return (rgb + 0.5).clamp(min=0.0)


def inputs():
    torch.manual_seed(7219)
    return [(torch.randn(8, 3),), (torch.randn(8, 3),)]
