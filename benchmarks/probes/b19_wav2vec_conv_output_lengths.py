import torch
from torch import nn


class FeatureExtractor(nn.Module):
    def __init__(self, conv_layers=((8, 5, 3), (8, 3, 2), (8, 3, 2))):
        super().__init__()
        self.conv_layers = conv_layers
        layers, in_c = [], 1
        for dim, k, s in conv_layers:
            layers.append(nn.Sequential(nn.Conv1d(in_c, dim, k, stride=s, bias=False), nn.GELU()))
            in_c = dim
        self.layers = nn.ModuleList(layers)

    def _get_feat_extract_output_lengths(self, input_lengths):
        def _conv_out_length(length, kernel_size, stride):
            return torch.div(length - kernel_size, stride, rounding_mode="floor") + 1

        for _, k, s in self.conv_layers:
            input_lengths = _conv_out_length(input_lengths, k, s)
        return input_lengths

    def forward(self, wav):
        x = wav.unsqueeze(1)
        for layer in self.layers:
            x = layer(x)
        return x.transpose(1, 2)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fe = FeatureExtractor()
        self.proj = nn.Linear(8, 4)

    def forward(self, wav, lengths):
        feats = self.proj(self.fe(wav))
        out_len = self.fe._get_feat_extract_output_lengths(lengths)
        mask = torch.arange(feats.shape[1], device=feats.device)[None, :] < out_len[:, None]
        return (feats * mask.unsqueeze(-1)).sum(1) / out_len.clamp(min=1).unsqueeze(-1)


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(2, 200), torch.tensor([200, 120])), (torch.randn(3, 321), torch.tensor([321, 300, 90]))]
