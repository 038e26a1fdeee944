import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchMerging(nn.Module):
    def __init__(self, dim, norm_layer=nn.LayerNorm):
        super().__init__()
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)
        self.norm = norm_layer(4 * dim)

    def forward(self, x, H, W):
        B, L, C = x.shape
        x = x.view(B, H, W, C)
        pad_input = (H % 2 == 1) or (W % 2 == 1)  # breaks: trace
        if pad_input:
            x = F.pad(x, (0, 0, 0, W % 2, 0, H % 2))
        x0 = x[:, 0::2, 0::2, :]
        x1 = x[:, 1::2, 0::2, :]
        x2 = x[:, 0::2, 1::2, :]
        x3 = x[:, 1::2, 1::2, :]
        x = torch.cat([x0, x1, x2, x3], -1).view(B, -1, 4 * C)
        return self.reduction(self.norm(x))


class Model(nn.Module):
    def __init__(self, in_chans=3, dim=8):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, dim, kernel_size=2, stride=2)
        self.merge = PatchMerging(dim)

    def forward(self, img):
        x = self.patch_embed(img)
        H, W = x.shape[-2:]
        return self.merge(x.flatten(2).transpose(1, 2), H, W)


def inputs():
    torch.manual_seed(10)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(2, 3, 10, 10),), (torch.randn(1, 3, 12, 8),)]
