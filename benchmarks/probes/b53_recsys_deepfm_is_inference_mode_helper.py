# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def _serving() -> bool:
    # Under torch.inference_mode() (the serving path) we skip the expensive dropout/noise path.
    return torch.is_inference_mode_enabled()


class FeatureEmbedding(nn.Module):
    def __init__(self, field_dims=(10, 6, 8), d: int = 8, noise_std: float = 0.01):
        super().__init__()
        self.noise_std = noise_std
        offsets = [0]
        for n in field_dims[:-1]:
            offsets.append(offsets[-1] + n)
        self.register_buffer("offsets", torch.tensor(offsets))
        self.table = nn.Embedding(sum(field_dims), d)

    def forward(self, x: Tensor) -> Tensor:
        emb = self.table(x + self.offsets)
        if not _serving():
            emb = emb * (1.0 + self.noise_std * torch.tanh(emb))
        return emb


class FMInteraction(nn.Module):
    def forward(self, emb: Tensor) -> Tensor:
        square_of_sum = emb.sum(dim=1).pow(2)
        sum_of_square = emb.pow(2).sum(dim=1)
        return 0.5 * (square_of_sum - sum_of_square).sum(dim=1, keepdim=True)


class DeepFM(nn.Module):
    def __init__(self, field_dims=(10, 6, 8), d: int = 8):
        super().__init__()
        self.embed = FeatureEmbedding(field_dims, d)
        self.fm = FMInteraction()
        self.mlp = nn.Sequential(
            nn.Linear(len(field_dims) * d, 16), nn.ReLU(), nn.Linear(16, 1)
        )

    def forward(self, x: Tensor) -> Tensor:
        emb = self.embed(x)
        logit = self.fm(emb) + self.mlp(emb.flatten(1))
        return torch.sigmoid(logit).squeeze(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = DeepFM()

    def forward(self, x):
        return self.net(x)


def _batch(b):
    return torch.stack([torch.randint(0, 10, (b,)), torch.randint(0, 6, (b,)), torch.randint(0, 8, (b,))], dim=1)


def inputs():
    torch.manual_seed(5316)
    return [(_batch(4),), (_batch(7),)]
