import torch
import torch.nn as nn


class BivariateMDN(nn.Module):
    def __init__(self, hidden, n_mix):
        super().__init__()
        self.n_mix = n_mix
        self.proj = nn.Linear(hidden, 1 + 6 * n_mix)

    def forward(self, h):
        out = self.proj(h)
        eos, pi, mu_x, mu_y, log_sx, log_sy, rho = torch.split(out, [1] + [self.n_mix] * 6, dim=-1)
        return {  # breaks: trace
            "eos": torch.sigmoid(eos),
            "pi": pi.softmax(-1),
            "mu": torch.stack([mu_x, mu_y], dim=-1),
            "sigma": torch.stack([log_sx, log_sy], dim=-1).exp(),
            "rho": torch.tanh(rho),
        }


class HandwritingModel(nn.Module):
    def __init__(self, hidden=32, n_mix=4):
        super().__init__()
        self.lstm = nn.LSTM(3, hidden, num_layers=2, batch_first=True)
        self.mdn = BivariateMDN(hidden, n_mix)

    def forward(self, strokes):
        h, _ = self.lstm(strokes)  # breaks: compile
        return self.mdn(h)


Model = HandwritingModel


def inputs():
    torch.manual_seed(3024)
    def strokes(b, t):
        pen = (torch.rand(b, t, 1) < 0.1).float()
        return torch.cat([torch.randn(b, t, 2) * 0.5, pen], dim=-1)
    return [(strokes(2, 15),), (strokes(3, 15),)]
