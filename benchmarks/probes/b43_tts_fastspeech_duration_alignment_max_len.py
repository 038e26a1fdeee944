# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvReLUNorm(nn.Module):
    def __init__(self, in_ch, out_ch, kernel_size=3, dropout=0.1):
        super().__init__()
        self.conv = nn.Conv1d(in_ch, out_ch, kernel_size, padding=kernel_size // 2)
        self.norm = nn.LayerNorm(out_ch)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):  # x: B, T, C
        y = F.relu(self.conv(x.transpose(1, 2))).transpose(1, 2)
        return self.dropout(self.norm(y))


class DurationPredictor(nn.Module):
    def __init__(self, dim, filter_size=8, n_layers=2):
        super().__init__()
        self.layers = nn.Sequential(*[ConvReLUNorm(dim if i == 0 else filter_size, filter_size) for i in range(n_layers)])
        self.fc = nn.Linear(filter_size, 1)

    def forward(self, enc_out, enc_mask):
        return self.fc(self.layers(enc_out)).squeeze(-1) * enc_mask


def durations_to_alignment(durations):
    """(B, T_text) integer durations -> (B, T_mel, T_text) hard alignment."""
    ends = torch.cumsum(durations, dim=1)
    starts = ends - durations
    max_len = int(ends[:, -1].max())
    frames = torch.arange(max_len, device=durations.device).view(1, -1, 1)
    return ((frames >= starts.unsqueeze(1)) & (frames < ends.unsqueeze(1))).float()


class LengthRegulatedFastSpeech(nn.Module):
    def __init__(self, vocab=20, dim=8, n_mels=5, pace=1.0):
        super().__init__()
        self.pace = pace
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.encoder = ConvReLUNorm(dim, dim)
        self.duration_predictor = DurationPredictor(dim)
        self.decoder = ConvReLUNorm(dim, dim)
        self.to_mel = nn.Linear(dim, n_mels)

    def forward(self, tokens):
        mask = (tokens != 0).float()
        enc = self.encoder(self.embed(tokens)) * mask.unsqueeze(-1)
        log_dur = self.duration_predictor(enc, mask)
        dur = torch.clamp(torch.round((torch.exp(log_dur) - 1) / self.pace), min=1).long() * mask.long()
        align = durations_to_alignment(dur)
        expanded = torch.bmm(align, enc)
        return self.to_mel(self.decoder(expanded)), dur


Model = LengthRegulatedFastSpeech


def inputs():
    torch.manual_seed(4306)
    return [
        (torch.tensor([[3, 5, 7, 2, 9], [4, 4, 1, 0, 0]]),),
        (torch.tensor([[8, 1, 6, 6, 2], [7, 3, 0, 0, 0]]),),
        (torch.tensor([[2, 2, 2]]),),
    ]
