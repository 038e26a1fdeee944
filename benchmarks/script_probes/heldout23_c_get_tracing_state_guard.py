# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResizeHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 2, 1)

    def forward(self, x, ref):
        h, w = ref.shape[-2:]
        if not torch._C._get_tracing_state():
            # plain ints outside tracing, tensors kept dynamic when traced
            h, w = int(h), int(w)
        y = self.conv(x)
        return F.interpolate(y, size=(h, w), mode="bilinear", align_corners=False)


Model = ResizeHead


def inputs():
    torch.manual_seed(2306)
    return [
        (torch.randn(1, 4, 4, 4), torch.randn(1, 1, 8, 8)),
        (torch.randn(2, 4, 3, 5), torch.randn(2, 1, 6, 10)),
    ]
