import torch
import torch.nn as nn
import torch.nn.functional as F


def length_to_mask(length, max_len=None, dtype=None, device=None):
    if max_len is None:
        max_len = length.max().long().item()  # breaks: compile
    mask = torch.arange(max_len, device=length.device, dtype=length.dtype).expand(len(length), max_len) < length.unsqueeze(1)
    return torch.as_tensor(mask, dtype=dtype or length.dtype, device=device or length.device)


class TDNNBlock(nn.Sequential):
    def __init__(self, cin, cout, kernel, dilation=1):
        super().__init__(nn.Conv1d(cin, cout, kernel, dilation=dilation, padding=dilation * (kernel - 1) // 2), nn.ReLU(), nn.BatchNorm1d(cout))


class AttentiveStatisticsPooling(nn.Module):
    def __init__(self, channels, attention_channels=8, eps=1e-12):
        super().__init__()
        self.tdnn = TDNNBlock(channels * 3, attention_channels, 1)
        self.conv = nn.Conv1d(attention_channels, channels, 1)
        self.eps = eps

    def _stats(self, x, m, dim=2):
        mean = (m * x).sum(dim)
        std = torch.sqrt((m * (x - mean.unsqueeze(dim)).pow(2)).sum(dim).clamp(self.eps))
        return mean, std

    def forward(self, x, lengths):
        L = x.shape[-1]
        mask = length_to_mask(lengths * L, device=x.device).unsqueeze(1)
        mask = F.pad(mask, (0, L - mask.shape[-1]))
        total = mask.sum(dim=2, keepdim=True).float()
        mean, std = self._stats(x, mask / total)
        attn = torch.cat([x, mean.unsqueeze(2).repeat(1, 1, L), std.unsqueeze(2).repeat(1, 1, L)], dim=1)
        attn = self.conv(torch.tanh(self.tdnn(attn))).masked_fill(mask == 0, float("-inf"))
        mean, std = self._stats(x, F.softmax(attn, dim=2))
        return torch.cat((mean, std), dim=1)


class SpeakerEmbedder(nn.Module):
    def __init__(self, n_mels=10, channels=16, emb=8):
        super().__init__()
        self.blocks = nn.Sequential(TDNNBlock(n_mels, channels, 5), TDNNBlock(channels, channels, 3, dilation=2))
        self.pool = AttentiveStatisticsPooling(channels)
        self.fc = nn.Linear(2 * channels, emb)

    def forward(self, feats, lengths):
        return self.fc(self.pool(self.blocks(feats.transpose(1, 2)), lengths))


Model = SpeakerEmbedder


def inputs():
    torch.manual_seed(3214)
    return [(torch.randn(3, 20, 10), torch.tensor([1.0, 0.6, 0.8])), (torch.randn(3, 20, 10), torch.tensor([0.5, 0.7, 0.45]))]
