# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LateFusion(nn.Module):
    """Fuses whichever modality embeddings are present (absent ones are None)."""

    def __init__(self, dim=8):
        super().__init__()
        self.text = nn.Linear(dim, dim)
        self.image = nn.Linear(dim, dim)
        self.audio = nn.Linear(dim, dim)
        self.use_audio = False

    def forward(self, text_x, image_x):
        audio = self.audio(text_x) if self.use_audio else None
        parts = [self.text(text_x), self.image(image_x), audio]
        present = list(filter(lambda t: t is not None, parts))
        return torch.stack(present, 0).mean(0)


Model = LateFusion


def inputs():
    torch.manual_seed(3622)
    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(3, 8), torch.randn(3, 8))]
