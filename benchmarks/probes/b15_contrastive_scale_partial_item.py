import functools
import math

import torch
import torch.nn.functional as F
from torch import Tensor, nn


def cosine_logits(a: Tensor, b: Tensor, logit_scale: Tensor, max_scale: float) -> Tensor:
    scale = min(logit_scale.exp().item(), max_scale)  # breaks: compile,export
    return scale * F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).t()


class DualEncoder(nn.Module):
    def __init__(self, d_text: int, d_image: int, d: int):
        super().__init__()
        self.text_proj = nn.Linear(d_text, d, bias=False)
        self.image_proj = nn.Linear(d_image, d, bias=False)

    def forward(self, text: Tensor, image: Tensor):
        return self.text_proj(text), self.image_proj(image)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoders = DualEncoder(10, 12, 8)
        self.logit_scale = nn.Parameter(torch.tensor(math.log(1 / 0.07)))
        self.similarity = functools.partial(cosine_logits, max_scale=100.0)

    def forward(self, text: Tensor, image: Tensor):
        t, i = self.encoders(text, image)
        logits = self.similarity(i, t, self.logit_scale)
        labels = torch.arange(logits.shape[0], device=logits.device)
        return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(4, 10), torch.randn(4, 12)), (torch.randn(6, 10), torch.randn(6, 12))]
