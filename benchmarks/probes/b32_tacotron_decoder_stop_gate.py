import torch
from torch import nn
from torch.nn import functional as F


class LocationLayer(nn.Module):
    def __init__(self, n_filters=4, kernel=5, attn_dim=16):
        super().__init__()
        self.conv = nn.Conv1d(2, n_filters, kernel, padding=kernel // 2, bias=False)
        self.dense = nn.Linear(n_filters, attn_dim, bias=False)

    def forward(self, cat_weights):
        return self.dense(self.conv(cat_weights).transpose(1, 2))


class LocationSensitiveAttention(nn.Module):
    def __init__(self, query_dim=24, mem_dim=16, attn_dim=16):
        super().__init__()
        self.query = nn.Linear(query_dim, attn_dim, bias=False)
        self.memory = nn.Linear(mem_dim, attn_dim, bias=False)
        self.v = nn.Linear(attn_dim, 1, bias=False)
        self.location = LocationLayer(attn_dim=attn_dim)

    def forward(self, q, memory, weights, cum_weights):
        loc = self.location(torch.stack([weights, cum_weights], dim=1))
        energies = self.v(torch.tanh(self.query(q).unsqueeze(1) + self.memory(memory) + loc)).squeeze(-1)
        w = F.softmax(energies, dim=-1)
        return torch.bmm(w.unsqueeze(1), memory).squeeze(1), w


class TacotronDecoder(nn.Module):
    def __init__(self, n_mels=8, mem_dim=16, rnn_dim=24, max_steps=12, gate_threshold=0.5):
        super().__init__()
        self.prenet = nn.Sequential(nn.Linear(n_mels, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU())
        self.rnn = nn.LSTMCell(16 + mem_dim, rnn_dim)
        self.attention = LocationSensitiveAttention(rnn_dim, mem_dim)
        self.proj = nn.Linear(rnn_dim + mem_dim, n_mels)
        self.gate = nn.Linear(rnn_dim + mem_dim, 1)
        self.n_mels, self.max_steps, self.gate_threshold = n_mels, max_steps, gate_threshold

    def forward(self, memory):
        b, t, _ = memory.shape
        frame = memory.new_zeros(b, self.n_mels)
        h = c = memory.new_zeros(b, self.rnn.hidden_size)
        ctx = memory.new_zeros(b, memory.size(-1))
        w = cum = memory.new_zeros(b, t)
        mels = []
        for _ in range(self.max_steps):
            h, c = self.rnn(torch.cat([self.prenet(frame), ctx], -1), (h, c))
            ctx, w = self.attention(h, memory, w, cum)
            cum = cum + w
            frame = self.proj(torch.cat([h, ctx], -1))
            mels.append(frame)
            if torch.sigmoid(self.gate(torch.cat([h, ctx], -1))).min() > self.gate_threshold:  # breaks: compile,export,trace
                break
        return torch.stack(mels, dim=1)


Model = TacotronDecoder


def inputs():
    torch.manual_seed(3202)
    return [(torch.randn(2, 7, 16),), (torch.randn(3, 5, 16) * 3,)]
