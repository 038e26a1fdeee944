# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm


def WNConv1d(*args, **kwargs):
    return weight_norm(nn.Conv1d(*args, **kwargs))


class NLayerDiscriminator(nn.Module):
    def __init__(self, ndf: int = 8, n_layers: int = 3, downsampling_factor: int = 2):
        super().__init__()
        model = nn.ModuleDict()
        model["layer_0"] = nn.Sequential(
            nn.ReflectionPad1d(7), WNConv1d(1, ndf, kernel_size=15), nn.LeakyReLU(0.2, True)
        )
        nf = ndf
        stride = downsampling_factor
        for n in range(1, n_layers + 1):
            nf_prev = nf
            nf = min(nf * stride, 64)
            model[f"layer_{n}"] = nn.Sequential(
                WNConv1d(nf_prev, nf, kernel_size=stride * 10 + 1, stride=stride,
                         padding=stride * 5, groups=max(nf_prev // 4, 1)),
                nn.LeakyReLU(0.2, True),
            )
        model[f"layer_{n_layers + 1}"] = WNConv1d(nf, 1, kernel_size=3, stride=1, padding=1)
        self.model = model

    def forward(self, x):
        results = []
        for _, layer in self.model.items():
            x = layer(x)
            results.append(x)
        return results


class MultiScaleDiscriminator(nn.Module):
    """MelGAN discriminator: the same stack applied to the waveform at several pooled rates."""

    def __init__(self, num_D: int = 3, ndf: int = 8, n_layers: int = 2):
        super().__init__()
        self.model = nn.ModuleDict()
        for i in range(num_D):
            self.model[f"disc_{i}"] = NLayerDiscriminator(ndf, n_layers)
        self.downsample = nn.AvgPool1d(4, stride=2, padding=1, count_include_pad=False)

    def forward(self, audio):
        if audio.dim() == 2:
            audio = audio.unsqueeze(1)
        scores, feats = [], []
        for key, disc in self.model.items():
            out = disc(audio)
            scores.append(out[-1].flatten(1).mean(dim=1))
            feats.extend(out[:-1])
            audio = self.downsample(audio)
        fmap_energy = torch.stack([f.pow(2).mean() for f in feats])
        return torch.stack(scores, dim=1), fmap_energy


Model = MultiScaleDiscriminator


def inputs():
    torch.manual_seed(4102)
    return [(torch.randn(2, 256).tanh(),), (torch.randn(1, 1, 320).tanh(),)]
