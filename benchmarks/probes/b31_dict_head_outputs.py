import torch
from torch import nn


class MultiTaskNet(nn.Module):
    def __init__(self, dim=12, n_cls=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, 16), nn.ReLU())
        self.cls_head = nn.Linear(16, n_cls)
        self.reg_head = nn.Linear(16, 1)

    def forward(self, x):
        f = self.backbone(x)
        return {"logits": self.cls_head(f), "value": self.reg_head(f).squeeze(-1), "embedding": f}  # breaks: trace


Model = MultiTaskNet


def inputs():
    torch.manual_seed(59)
    return [(torch.randn(3, 12),), (torch.randn(2, 12),)]
