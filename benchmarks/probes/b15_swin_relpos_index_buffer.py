import torch
from torch import Tensor, nn


class WindowAttention(nn.Module):
    def __init__(self, dim: int, window_size=(4, 4), num_heads: int = 2):
        super().__init__()
        self.window_size = window_size
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        wh, ww = window_size
        self.relative_position_bias_table = nn.Parameter(
            torch.randn((2 * wh - 1) * (2 * ww - 1), num_heads) * 0.02
        )
        self.register_buffer(
            "relative_position_index", self._relative_index(wh, ww), persistent=False
        )
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    @staticmethod
    def _relative_index(wh: int, ww: int) -> Tensor:
        coords = torch.stack(torch.meshgrid(torch.arange(wh), torch.arange(ww), indexing="ij"))
        flat = torch.flatten(coords, 1)
        rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += wh - 1
        rel[:, :, 1] += ww - 1
        rel[:, :, 0] *= 2 * ww - 1
        return rel.sum(-1)

    def _bias(self) -> Tensor:
        n = self.window_size[0] * self.window_size[1]
        bias = self.relative_position_bias_table[self.relative_position_index.view(-1)]
        return bias.view(n, n, -1).permute(2, 0, 1).contiguous().unsqueeze(0)

    def forward(self, x: Tensor) -> Tensor:
        b, n, c = x.shape
        qkv = (
            self.qkv(x).reshape(b, n, 3, self.num_heads, c // self.num_heads).permute(2, 0, 3, 1, 4)
        )
        q, k, v = qkv.unbind(0)
        attn = (q * self.scale) @ k.transpose(-2, -1) + self._bias()
        x = (attn.softmax(-1) @ v).transpose(1, 2).reshape(b, n, c)
        return self.proj(x)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.attn = WindowAttention(dim)

    def forward(self, windows: Tensor) -> Tensor:
        return self.attn(windows)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 16, 8),), (torch.randn(5, 16, 8),)]
