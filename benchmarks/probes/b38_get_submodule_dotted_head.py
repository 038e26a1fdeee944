# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiHeadNet(nn.Module):
    """The active head is selected by its dotted module path, as read from a config."""

    def __init__(self, dim=8, head_path="heads.cls"):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, 16), nn.ReLU())
        self.heads = nn.ModuleDict({"cls": nn.Linear(16, 5), "reg": nn.Linear(16, 2)})
        self.head_path = head_path

    def forward(self, x):
        head = self.get_submodule(self.head_path)
        return head(self.backbone(x))


Model = MultiHeadNet


def inputs():
    torch.manual_seed(3808)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
