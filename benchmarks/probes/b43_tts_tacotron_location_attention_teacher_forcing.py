# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor
import torch.nn.functional as F


class LocationLayer(nn.Module):
    def __init__(self, n_filters, kernel_size, attn_dim):
        super().__init__()
        self.conv = nn.Conv1d(2, n_filters, kernel_size, padding=(kernel_size - 1) // 2, bias=False)
        self.dense = nn.Linear(n_filters, attn_dim, bias=False)

    def forward(self, cum_weights: Tensor) -> Tensor:
        return self.dense(self.conv(cum_weights).transpose(1, 2))


class LocationSensitiveAttention(nn.Module):
    def __init__(self, query_dim, memory_dim, attn_dim=8, n_filters=4, kernel_size=5):
        super().__init__()
        self.query_layer = nn.Linear(query_dim, attn_dim, bias=False)
        self.memory_layer = nn.Linear(memory_dim, attn_dim, bias=False)
        self.location = LocationLayer(n_filters, kernel_size, attn_dim)
        self.v = nn.Linear(attn_dim, 1, bias=False)

    def forward(self, query, memory, processed_memory, weights, cum_weights):
        loc = self.location(torch.stack([weights, cum_weights], dim=1))
        energies = self.v(torch.tanh(self.query_layer(query).unsqueeze(1) + loc + processed_memory)).squeeze(-1)
        weights = F.softmax(energies, dim=1)
        context = torch.bmm(weights.unsqueeze(1), memory).squeeze(1)
        return context, weights


class Prenet(nn.Module):
    def __init__(self, in_dim, sizes=(8, 8)):
        super().__init__()
        dims = [in_dim, *sizes]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))

    def forward(self, x):
        for layer in self.layers:
            x = F.relu(layer(x))
        return x


class TacotronDecoder(nn.Module):
    def __init__(self, n_mels=6, enc_dim=10, rnn_dim=12):
        super().__init__()
        self.n_mels, self.rnn_dim = n_mels, rnn_dim
        self.prenet = Prenet(n_mels)
        self.cell = nn.GRUCell(8 + enc_dim, rnn_dim)
        self.attention = LocationSensitiveAttention(rnn_dim, enc_dim)
        self.proj = nn.Linear(rnn_dim + enc_dim, n_mels)

    def forward(self, memory: Tensor, mels: Tensor) -> Tensor:
        b, t_in, enc_dim = memory.shape
        processed = self.attention.memory_layer(memory)
        go = memory.new_zeros(b, 1, self.n_mels)
        prev = self.prenet(torch.cat([go, mels[:, :-1]], dim=1))
        h = memory.new_zeros(b, self.rnn_dim)
        context = memory.new_zeros(b, enc_dim)
        weights = memory.new_zeros(b, t_in)
        cum = memory.new_zeros(b, t_in)
        outputs = []
        for t in range(mels.size(1)):
            h = self.cell(torch.cat([prev[:, t], context], dim=-1), h)
            context, weights = self.attention(h, memory, processed, weights, cum)
            cum = cum + weights
            outputs.append(self.proj(torch.cat([h, context], dim=-1)))
        return torch.stack(outputs, dim=1)


Model = TacotronDecoder


def inputs():
    torch.manual_seed(4304)
    return [(torch.randn(2, 7, 10), torch.randn(2, 5, 6)), (torch.randn(2, 9, 10), torch.randn(2, 8, 6))]
