import torch
import torch.nn as nn
import torch.nn.functional as F


class BalancedPooling(nn.Module):
    def __init__(self, dim=6, num_classes=3):
        super().__init__()
        self.num_classes = num_classes
        self.head = nn.Linear(dim, num_classes)

    def forward(self, feats, labels):
        counts = torch.bincount(labels, minlength=self.num_classes).tolist()
        inv = [1.0 / c if c > 0 else 0.0 for c in counts]
        w = feats.new_tensor(inv)[labels]
        pooled = (feats * w[:, None]).sum(0) / w.sum()
        return F.log_softmax(self.head(pooled), dim=-1)


Model = BalancedPooling


def inputs():
    torch.manual_seed(3405)
    return [
        (torch.randn(5, 6), torch.tensor([0, 0, 1, 2, 2])),
        (torch.randn(6, 6), torch.tensor([1, 1, 1, 0, 2, 1])),
    ]
