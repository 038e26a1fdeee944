import torch
import torch.nn as nn


class MajorityLabelEmbedding(nn.Module):
    def __init__(self, num_labels=6, dim=8):
        super().__init__()
        self.emb = nn.Embedding(num_labels, dim)
        self.mix = nn.Linear(dim, dim)

    def forward(self, labels, feats):
        values, counts = torch.unique(labels, return_counts=True)
        majority = values[counts.argmax()]  # breaks: compile
        return self.mix(feats + self.emb(majority))


Model = MajorityLabelEmbedding


def inputs():
    torch.manual_seed(7)
    return [
        (torch.tensor([1, 1, 2, 3, 1]), torch.randn(5, 8)),
        (torch.tensor([4, 0, 4, 4, 5]), torch.randn(5, 8)),
        (torch.tensor([2, 2, 0]), torch.randn(3, 8)),
    ]
