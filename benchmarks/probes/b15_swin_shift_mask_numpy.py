import numpy as np
import torch
from torch import Tensor, nn


def window_partition(x: Tensor, ws: int) -> Tensor:
    b, h, w, c = x.shape
    x = x.view(b, h // ws, ws, w // ws, ws, c)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, c)


class ShiftedBlock(nn.Module):
    def __init__(self, dim: int, window_size: int = 2, shift_size: int = 1):
        super().__init__()
        self.ws, self.shift = window_size, shift_size
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)

    def calc_attn_mask(self, h: int, w: int) -> Tensor:
        img_mask = np.zeros((1, h, w, 1), dtype=np.float32)
        cnt = 0
        for hs in (slice(0, -self.ws), slice(-self.ws, -self.shift), slice(-self.shift, None)):
            for wsl in (slice(0, -self.ws), slice(-self.ws, -self.shift), slice(-self.shift, None)):
                img_mask[:, hs, wsl, :] = cnt
                cnt += 1
        mask_windows = window_partition(torch.from_numpy(img_mask), self.ws)  # breaks: trace
        mask_windows = mask_windows.squeeze(-1)
        diff = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
        return diff.ne(0)

    def forward(self, x: Tensor) -> Tensor:
        b, h, w, c = x.shape
        shifted = torch.roll(self.norm(x), shifts=(-self.shift, -self.shift), dims=(1, 2))
        windows = window_partition(shifted, self.ws)
        mask = self.calc_attn_mask(h, w).repeat_interleave(2 * b, dim=0)
        out, _ = self.attn(windows, windows, windows, attn_mask=mask)
        out = out.view(b, h // self.ws, w // self.ws, self.ws, self.ws, c).permute(0, 1, 3, 2, 4, 5)
        return x + torch.roll(out.reshape(b, h, w, c), shifts=(self.shift, self.shift), dims=(1, 2))


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.block = ShiftedBlock(dim)

    def forward(self, x: Tensor) -> Tensor:
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 4, 8),), (torch.randn(1, 6, 4, 8),)]
