import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, mask_ratio: float = 0.5):
        super().__init__()
        self.mask_ratio = mask_ratio
        self.encoder = nn.TransformerEncoderLayer(dim, 2, 16, dropout=0.0, batch_first=True)

    def random_masking(self, x):
        b, n, d = x.shape
        len_keep = int(n * (1 - self.mask_ratio))
        noise = torch.rand(b, n, device=x.device)  # breaks: trace
        ids_shuffle = torch.argsort(noise, dim=1)
        ids_keep = ids_shuffle[:, :len_keep]
        return torch.gather(x, 1, ids_keep.unsqueeze(-1).expand(-1, -1, d))

    def forward(self, x):
        visible = self.random_masking(x)
        return self.encoder(visible)


def inputs():
    return [(torch.randn(2, 8, 8),), (torch.randn(2, 8, 8),)]
