# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class BilinearCNNPool(nn.Module):
    """Fine-grained vision: bilinear (second-order) pooling f @ f.mT over spatial positions,
    then signed square root and L2 normalisation."""

    def __init__(self, c: int = 6, classes: int = 5):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.ReLU())
        self.fc = nn.Linear(c * c, classes)

    def forward(self, img):
        f = self.features(img).flatten(2)
        gram = f @ f.mT
        gram = torch.sign(gram) * torch.sqrt(gram.abs() + 1e-6)
        return self.fc(F.normalize(gram.flatten(1), dim=-1))


Model = BilinearCNNPool


def inputs():
    torch.manual_seed(5710)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(3, 3, 12, 10),)]
