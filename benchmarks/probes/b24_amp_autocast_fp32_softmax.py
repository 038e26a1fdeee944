import torch
import torch.nn as nn
import torch.nn.functional as F


class AmpAttention(nn.Module):
    def __init__(self, dim=16, heads=2, amp_dtype=torch.bfloat16, use_amp=True):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.amp_dtype = amp_dtype
        self.use_amp = use_amp

    def _softmax_fp32(self, scores):
        with torch.autocast(device_type=scores.device.type, enabled=False):
            return F.softmax(scores.float(), dim=-1)

    def forward(self, x):
        B, N, C = x.shape
        with torch.autocast(device_type=x.device.type, dtype=self.amp_dtype, enabled=self.use_amp):
            q, k, v = self.qkv(x).view(B, N, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
            scores = q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5
            scores = scores.masked_fill(torch.isinf(scores), torch.finfo(scores.dtype).min)
            attn = self._softmax_fp32(scores).to(v.dtype)
            out = (attn @ v).transpose(1, 2).reshape(B, N, C)
            out = self.proj(out)
        return out.float()


Model = AmpAttention


def inputs():
    torch.manual_seed(264)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 7, 16),)]
