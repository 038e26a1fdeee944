# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
from torch import nn, Tensor


@dataclass
class PatchTSTConfig:
    context_length: int = 32
    prediction_length: int = 6
    patch_len: int = 8
    stride: int = 4
    d_model: int = 16
    n_heads: int = 2
    n_layers: int = 2


class RevIN(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, affine: bool = True):
        super().__init__()
        self.eps, self.affine = eps, affine
        if affine:
            self.weight = nn.Parameter(torch.ones(num_features))
            self.bias = nn.Parameter(torch.zeros(num_features))

    def normalize(self, x: Tensor):
        mean = x.mean(dim=1, keepdim=True).detach()
        std = torch.sqrt(x.var(dim=1, keepdim=True, unbiased=False) + self.eps).detach()
        x = (x - mean) / std
        if self.affine:
            x = x * self.weight + self.bias
        return x, (mean, std)

    def denormalize(self, x: Tensor, stats):
        mean, std = stats
        if self.affine:
            x = (x - self.bias) / (self.weight + self.eps * self.eps)
        return x * std + mean


class PatchTST(nn.Module):
    def __init__(self, n_vars: int = 3, cfg: PatchTSTConfig = PatchTSTConfig()):
        super().__init__()
        self.cfg = cfg
        self.revin = RevIN(n_vars)
        self.num_patches = (cfg.context_length - cfg.patch_len) // cfg.stride + 2
        self.pad = nn.ReplicationPad1d((0, cfg.stride))
        self.proj = nn.Linear(cfg.patch_len, cfg.d_model)
        self.pos = nn.Parameter(torch.randn(1, self.num_patches, cfg.d_model) * 0.02)
        layer = nn.TransformerEncoderLayer(cfg.d_model, cfg.n_heads, 32, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, cfg.n_layers, enable_nested_tensor=False)
        self.head = nn.Linear(self.num_patches * cfg.d_model, cfg.prediction_length)

    def forward(self, past_values: Tensor) -> Tensor:
        # past_values: (B, context_length, n_vars)
        x, stats = self.revin.normalize(past_values)
        b, _, n_vars = x.shape
        x = self.pad(x.transpose(1, 2))
        patches = x.unfold(-1, self.cfg.patch_len, self.cfg.stride)
        z = self.proj(patches.reshape(b * n_vars, self.num_patches, -1)) + self.pos
        z = self.encoder(z)
        y = self.head(z.flatten(1)).view(b, n_vars, -1).transpose(1, 2)
        return self.revin.denormalize(y, stats)


Model = PatchTST


def inputs():
    torch.manual_seed(4319)
    return [(torch.randn(2, 32, 3),), (torch.randn(5, 32, 3) * 3 + 1,)]
