# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RefineMixin:
    """Refinement pass shared by the matting heads: only the trimap's unknown band is re-predicted."""

    min_unknown = 1

    def refine(self, alpha: torch.Tensor, trimap: torch.Tensor, feat: torch.Tensor) -> torch.Tensor:
        unknown = (trimap > 0.25) & (trimap < 0.75)
        if int(unknown.sum()) < self.min_unknown:  # breaks: compile,export,trace,script
            return alpha
        fine = torch.sigmoid(self.fine(torch.cat([feat, alpha], 1)))
        return torch.where(unknown, fine, alpha)


class Model(RefineMixin, nn.Module):
    def __init__(self, c: int = 4):
        super().__init__()
        self.enc = nn.Conv2d(4, c, 3, padding=1)
        self.coarse = nn.Conv2d(c, 1, 1)
        self.fine = nn.Conv2d(c + 1, 1, 3, padding=1)

    def forward(self, image: torch.Tensor, trimap: torch.Tensor) -> torch.Tensor:
        feat = torch.relu(self.enc(torch.cat([image, trimap], 1)))
        alpha = torch.sigmoid(self.coarse(feat))
        return self.refine(alpha, trimap, feat)


def inputs():
    torch.manual_seed(7507)
    img = torch.randn(1, 3, 8, 8)
    binary = (torch.rand(1, 1, 8, 8) > 0.5).float()
    band = binary.clone()
    band[..., 2:5, 2:5] = 0.5
    return [(img, binary), (img, band)]
