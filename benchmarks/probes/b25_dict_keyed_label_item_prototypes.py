import torch
import torch.nn as nn


class PrototypeHead(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Linear(dim, dim)

    def forward(self, x, labels):
        z = self.embed(x)
        protos = {}
        for row, lab in zip(z, labels):
            protos.setdefault(lab.item(), []).append(row)  # breaks: compile,export,trace
        centres = torch.stack([torch.stack(v).mean(0) for _, v in sorted(protos.items())])
        return z @ centres.t()


Model = PrototypeHead


def inputs():
    torch.manual_seed(5)
    return [
        (torch.randn(6, 8), torch.tensor([0, 1, 0, 2, 1, 2])),
        (torch.randn(6, 8), torch.tensor([1, 1, 0, 0, 0, 1])),
    ]
