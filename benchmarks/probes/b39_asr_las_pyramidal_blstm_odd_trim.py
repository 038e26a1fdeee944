# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class pBLSTMLayer(nn.Module):
    """Pyramidal BLSTM: concatenates neighbouring frames, halving the time resolution."""

    def __init__(self, input_dim, hidden_dim, dropout=0.0):
        super().__init__()
        self.blstm = nn.LSTM(input_dim * 2, hidden_dim, num_layers=1, bidirectional=True, batch_first=True)
        self.dropout = dropout

    def forward(self, x):
        batch_size, timestep, feature_dim = x.size()
        if timestep % 2 != 0:  # breaks: trace
            x = x[:, :-1, :]
            timestep -= 1
        x = x.contiguous().view(batch_size, timestep // 2, feature_dim * 2)
        out, _ = self.blstm(x)
        return F.dropout(out, self.dropout, self.training)


class Listener(nn.Module):
    def __init__(self, n_mels=10, hidden=8, layers=3):
        super().__init__()
        self.input_norm = nn.LayerNorm(n_mels)
        blocks = [pBLSTMLayer(n_mels, hidden)]
        for _ in range(layers - 1):
            blocks.append(pBLSTMLayer(hidden * 2, hidden))
        self.pyramid = nn.Sequential(*blocks)

    def forward(self, feats):
        return self.pyramid(self.input_norm(feats))


class ListenAttend(nn.Module):
    """Listener plus one content-attention read (the first decoder step of LAS)."""

    def __init__(self, n_mels=10, hidden=8, vocab=12):
        super().__init__()
        self.listener = Listener(n_mels, hidden)
        self.query = nn.Parameter(torch.randn(hidden * 2))
        self.phi = nn.Linear(hidden * 2, hidden * 2)
        self.psi = nn.Linear(hidden * 2, hidden * 2)
        self.char_head = nn.Linear(hidden * 4, vocab)

    def forward(self, feats):
        listener_feature = self.listener(feats)
        keys = self.psi(listener_feature)
        energy = torch.einsum("btd,d->bt", keys, self.phi(self.query))
        attention = F.softmax(energy, dim=-1)
        context = torch.bmm(attention.unsqueeze(1), listener_feature).squeeze(1)
        logits = self.char_head(torch.cat([context, listener_feature.mean(1)], dim=-1))
        return F.log_softmax(logits, dim=-1), attention


Model = ListenAttend


def inputs():
    torch.manual_seed(3911)
    return [(torch.randn(2, 24, 10),), (torch.randn(3, 29, 10),)]
