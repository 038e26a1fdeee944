# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ExportFriendlyGELU(nn.Module):
    """Uses the tanh approximation only while exporting to ONNX."""

    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        if torch.onnx.is_in_onnx_export():
            return F.gelu(h, approximate="tanh")
        return F.gelu(h)


Model = ExportFriendlyGELU


def inputs():
    torch.manual_seed(3618)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(4, 8),)]
