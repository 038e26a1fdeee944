# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

HOST = torch.device("cpu")


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        y = self.fc(x)
        return y.to(HOST).argmax(-1, keepdim=True).float() + y


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
