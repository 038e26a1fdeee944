from collections import Counter

import torch
import torch.nn as nn


class EnsembleVote(nn.Module):
    def __init__(self, dim=10, classes=4, members=5):
        super().__init__()
        self.members = nn.ModuleList([nn.Linear(dim, classes) for _ in range(members)])
        self.classes = classes

    def forward(self, x):
        preds = torch.stack([m(x).argmax(-1) for m in self.members]).flatten()
        winner, _ = Counter(preds.tolist()).most_common(1)[0]  # breaks: compile,export,trace
        return torch.nn.functional.one_hot(torch.tensor(winner), self.classes).float()


Model = EnsembleVote


def inputs():
    torch.manual_seed(11)
    return [
        (torch.randn(1, 10),),
        (torch.randn(1, 10) * 4,),
        (torch.randn(1, 10) - 3,),
        (torch.randn(3, 10) + 2,),
    ]
