# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AFNO2D(nn.Module):
    """Adaptive Fourier neural operator token mixer with block-diagonal complex MLP and mode truncation."""

    def __init__(self, hidden_size=16, num_blocks=4, sparsity_threshold=0.01, hard_thresholding_fraction=0.5, scale=0.02):
        super().__init__()
        self.hidden_size = hidden_size
        self.num_blocks = num_blocks
        self.block_size = hidden_size // num_blocks
        self.sparsity_threshold = sparsity_threshold
        self.hard_thresholding_fraction = hard_thresholding_fraction
        self.w1 = nn.Parameter(scale * torch.randn(2, num_blocks, self.block_size, self.block_size))
        self.b1 = nn.Parameter(scale * torch.randn(2, num_blocks, self.block_size))
        self.w2 = nn.Parameter(scale * torch.randn(2, num_blocks, self.block_size, self.block_size))
        self.b2 = nn.Parameter(scale * torch.randn(2, num_blocks, self.block_size))

    def forward(self, x):
        bias = x
        dtype = x.dtype
        B, H, W, C = x.shape
        x = torch.fft.rfft2(x.float(), dim=(1, 2), norm="ortho")
        x = x.reshape(B, H, W // 2 + 1, self.num_blocks, self.block_size)
        total_modes = H // 2 + 1
        kept_modes = int(total_modes * self.hard_thresholding_fraction)
        lo, hi = total_modes - kept_modes, total_modes + kept_modes
        o1_real = torch.zeros_like(x.real)
        o1_imag = torch.zeros_like(x.imag)
        xr, xi = x.real[:, lo:hi, :kept_modes], x.imag[:, lo:hi, :kept_modes]
        o1_real[:, lo:hi, :kept_modes] = F.relu(
            torch.einsum("...bi,bio->...bo", xr, self.w1[0]) - torch.einsum("...bi,bio->...bo", xi, self.w1[1]) + self.b1[0]
        )
        o1_imag[:, lo:hi, :kept_modes] = F.relu(
            torch.einsum("...bi,bio->...bo", xi, self.w1[0]) + torch.einsum("...bi,bio->...bo", xr, self.w1[1]) + self.b1[1]
        )
        o2_real = torch.einsum("...bi,bio->...bo", o1_real, self.w2[0]) - torch.einsum("...bi,bio->...bo", o1_imag, self.w2[1]) + self.b2[0]
        o2_imag = torch.einsum("...bi,bio->...bo", o1_imag, self.w2[0]) + torch.einsum("...bi,bio->...bo", o1_real, self.w2[1]) + self.b2[1]
        x = torch.stack([o2_real, o2_imag], dim=-1)
        x = F.softshrink(x, lambd=self.sparsity_threshold)
        x = torch.view_as_complex(x).reshape(B, H, W // 2 + 1, C)
        x = torch.fft.irfft2(x, s=(H, W), dim=(1, 2), norm="ortho")
        return x.type(dtype) + bias


class AFNOBlock(nn.Module):
    def __init__(self, dim=16, patch=2, in_chans=3):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, dim, patch, stride=patch)
        self.norm1 = nn.LayerNorm(dim)
        self.filter = AFNO2D(dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.head = nn.Linear(dim, in_chans * patch * patch)

    def forward(self, x):
        x = self.patch_embed(x).permute(0, 2, 3, 1)
        x = x + self.filter(self.norm1(x))
        x = x + self.mlp(self.norm2(x))
        return self.head(x)


Model = AFNOBlock


def inputs():
    torch.manual_seed(3907)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 12, 8),)]
