# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Classifier-free guidance: conditional and unconditional passes batched together (the
    null label appended), the two halves split with chunk and mixed with the guidance scale."""

    def __init__(self, c: int = 3, n_classes: int = 5, guidance: float = 3.0):
        super().__init__()
        self.guidance = guidance
        self.null_class = n_classes
        self.label_embed = nn.Embedding(n_classes + 1, c)
        self.net = nn.Conv2d(c, c, 3, padding=1)

    def denoise(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return self.net(x + self.label_embed(y)[:, :, None, None])

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        null = torch.full_like(y, self.null_class)
        eps = self.denoise(torch.cat([x, x]), torch.cat([y, null]))
        cond, uncond = eps.chunk(2)
        return uncond + self.guidance * (cond - uncond)


def inputs():
    torch.manual_seed(6722)
    return [
        (torch.randn(2, 3, 8, 8), torch.tensor([1, 4])),
        (torch.randn(3, 3, 6, 6), torch.tensor([0, 2, 3])),
    ]
