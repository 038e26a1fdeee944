import torch
from torch import nn


class MaskedMeanPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask):
        torch._check_tensor_all(mask.any(-1), lambda: "every row needs one valid token")  # breaks: compile
        m = mask.unsqueeze(-1).float()
        return (self.proj(x) * m).sum(1) / m.sum(1)


Model = MaskedMeanPool


def inputs():
    torch.manual_seed(50)
    return [
        (torch.randn(2, 4, 8), torch.tensor([[1, 1, 0, 0], [1, 0, 0, 0]], dtype=torch.bool)),
        (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 1], [0, 1, 1, 0]], dtype=torch.bool)),
    ]
