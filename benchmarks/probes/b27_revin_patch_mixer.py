import torch
import torch.nn as nn
import torch.nn.functional as F


class RevIN(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, affine: bool = True):
        super().__init__()
        self.eps = eps
        self.affine = affine
        if affine:
            self.weight = nn.Parameter(torch.ones(num_features))
            self.bias = nn.Parameter(torch.zeros(num_features))

    def normalize(self, x):
        mean = x.mean(dim=1, keepdim=True).detach()
        std = torch.sqrt(x.var(dim=1, keepdim=True, unbiased=False) + self.eps).detach()
        x = (x - mean) / std
        if self.affine:
            x = x * self.weight + self.bias
        return x, (mean, std)

    def denormalize(self, x, stats):
        mean, std = stats
        if self.affine:
            x = (x - self.bias) / (self.weight + self.eps * self.eps)
        return x * std + mean


class PatchMixerForecaster(nn.Module):
    def __init__(self, n_vars=3, seq_len=48, pred_len=12, patch_len=8, stride=4, d_model=32):
        super().__init__()
        self.patch_len, self.stride = patch_len, stride
        n_patches = (seq_len - patch_len) // stride + 2
        self.revin = RevIN(n_vars)
        self.embed = nn.Linear(patch_len, d_model)
        self.token_mix = nn.Sequential(nn.Linear(n_patches, n_patches), nn.GELU())
        self.channel_mix = nn.Sequential(
            nn.LayerNorm(d_model), nn.Linear(d_model, 2 * d_model), nn.GELU(), nn.Linear(2 * d_model, d_model)
        )
        self.head = nn.Linear(n_patches * d_model, pred_len)

    def forward(self, x):
        x, stats = self.revin.normalize(x)
        z = F.pad(x.permute(0, 2, 1), (0, self.stride), mode="replicate")
        patches = z.unfold(-1, self.patch_len, self.stride)
        h = self.embed(patches)
        h = h + self.token_mix(h.transpose(-1, -2)).transpose(-1, -2)
        h = h + self.channel_mix(h)
        y = self.head(h.flatten(start_dim=-2)).permute(0, 2, 1)
        return self.revin.denormalize(y, stats)


Model = PatchMixerForecaster


def inputs():
    torch.manual_seed(274)
    return [
        (torch.randn(4, 48, 3) * 2 + 1,),
        (torch.randn(2, 48, 3).cumsum(1),),
    ]
