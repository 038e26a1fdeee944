import torch
import torch.nn as nn


class Conv2dSubsampling(nn.Module):
    def __init__(self, n_mels=40, d_model=64):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(1, 16, 3, 2), nn.ReLU(), nn.Conv2d(16, 16, 3, 2), nn.ReLU())
        freq = ((n_mels - 1) // 2 - 1) // 2
        self.out = nn.Linear(16 * freq, d_model)

    @staticmethod
    def output_lengths(lengths):
        for _ in range(2):
            lengths = torch.div(lengths - 1, 2, rounding_mode="floor")
        return lengths

    def forward(self, feats, lengths):
        x = self.conv(feats.unsqueeze(1))
        b, c, t, f = x.size()
        return self.out(x.transpose(1, 2).reshape(b, t, c * f)), self.output_lengths(lengths)


def make_pad_mask(lengths):
    max_len = int(lengths.max())
    steps = torch.arange(max_len, device=lengths.device)
    return steps.unsqueeze(0) >= lengths.unsqueeze(1)


class CTCHead(nn.Module):
    def __init__(self, n_mels=40, d_model=64, vocab=30, kernel=5):
        super().__init__()
        self.subsample = Conv2dSubsampling(n_mels, d_model)
        self.dw = nn.Conv1d(d_model, d_model, kernel, padding=kernel // 2, groups=d_model)
        self.norm = nn.LayerNorm(d_model)
        self.proj = nn.Linear(d_model, vocab)

    def forward(self, feats, feat_lengths):
        x, lengths = self.subsample(feats, feat_lengths)
        x = x + self.dw(x.transpose(1, 2)).transpose(1, 2)
        log_probs = self.proj(self.norm(x)).log_softmax(-1)
        pad = make_pad_mask(lengths)
        return log_probs.masked_fill(pad.unsqueeze(-1), 0.0), lengths


Model = CTCHead


def inputs():
    torch.manual_seed(280)
    return [
        (torch.randn(3, 61, 40), torch.tensor([61, 50, 33])),
        (torch.randn(2, 45, 40), torch.tensor([30, 45])),
    ]
