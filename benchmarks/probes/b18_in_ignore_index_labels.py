import torch
from torch import nn
import torch.nn.functional as F


class TaggerLoss(nn.Module):
    def __init__(self, dim=12, tags=5, ignore_index=-100):
        super().__init__()
        self.head = nn.Linear(dim, tags)
        self.ignore_index = ignore_index

    def forward(self, feats, labels):
        logits = self.head(feats)
        flat = logits.reshape(-1, logits.shape[-1])
        target = labels.reshape(-1)
        if self.ignore_index in target:  # breaks: compile,export,trace
            target = target.clamp(min=0)
        return F.cross_entropy(flat, target)


Model = TaggerLoss


def inputs():
    torch.manual_seed(1)
    y1 = torch.randint(0, 5, (2, 6))
    y2 = torch.randint(0, 5, (2, 6))
    y2[0, 4:] = -100
    y3 = torch.randint(0, 5, (4, 3))
    y3[1, 0] = -100
    return [(torch.randn(2, 6, 12), y1), (torch.randn(2, 6, 12), y2), (torch.randn(4, 3, 12), y3)]
