# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass, field
from typing import List, Tuple

import torch
import torch.nn as nn
from torch import Tensor


@dataclass
class FeatureExtractorConfig:
    conv_layers: List[Tuple[int, int, int]] = field(default_factory=lambda: [(16, 10, 5), (16, 3, 2), (16, 3, 2), (16, 2, 2)])
    mode: str = "default"  # "default": group norm on first layer; "layer_norm": every layer
    conv_bias: bool = False


class Fp32GroupNorm(nn.GroupNorm):
    def forward(self, input: Tensor) -> Tensor:
        output = nn.functional.group_norm(
            input.float(), self.num_groups, self.weight.float() if self.weight is not None else None,
            self.bias.float() if self.bias is not None else None, self.eps,
        )
        return output.type_as(input)


def conv_block(n_in, n_out, k, stride, is_group_norm=False, conv_bias=False):
    conv = nn.Conv1d(n_in, n_out, k, stride=stride, bias=conv_bias)
    nn.init.kaiming_normal_(conv.weight)
    if is_group_norm:
        return nn.Sequential(conv, Fp32GroupNorm(n_out, n_out, affine=True), nn.GELU())
    return nn.Sequential(conv, nn.GELU())


class ConvFeatureExtractionModel(nn.Module):
    def __init__(self, cfg: FeatureExtractorConfig = FeatureExtractorConfig()):
        super().__init__()
        self.cfg = cfg
        in_d = 1
        self.conv_layers = nn.ModuleList()
        for i, (dim, k, stride) in enumerate(cfg.conv_layers):
            self.conv_layers.append(conv_block(in_d, dim, k, stride, is_group_norm=cfg.mode == "default" and i == 0, conv_bias=cfg.conv_bias))
            in_d = dim

    def get_output_lengths(self, input_lengths: Tensor) -> Tensor:
        for _, k, stride in self.cfg.conv_layers:
            input_lengths = torch.div(input_lengths - k, stride, rounding_mode="floor") + 1
        return input_lengths

    def forward(self, source: Tensor, lengths: Tensor):
        x = source.unsqueeze(1)  # BxT -> BxCxT
        for conv in self.conv_layers:
            x = conv(x)
        out_lens = self.get_output_lengths(lengths)
        padding_mask = torch.arange(x.size(-1), device=x.device)[None, :] >= out_lens[:, None]
        x = x.masked_fill(padding_mask.unsqueeze(1), 0.0)
        return x.transpose(1, 2), out_lens


Model = ConvFeatureExtractionModel


def inputs():
    torch.manual_seed(4702)
    return [
        (torch.randn(2, 400), torch.tensor([400, 300])),
        (torch.randn(3, 560), torch.tensor([560, 560, 250])),
    ]
