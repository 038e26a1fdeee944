import torch
import torch.nn as nn
import torch.nn.functional as F


class NTMHeadBase(nn.Module):
    shift_range = 1

    def _address(self, memory, k, beta, g, s, gamma, w_prev):
        w_c = F.softmax(beta * F.cosine_similarity(memory, k.unsqueeze(1), dim=-1, eps=1e-16), dim=1)
        w_g = g * w_c + (1 - g) * w_prev
        w_hat = self._shift(w_g, s)
        w = w_hat ** gamma
        return w / (w.sum(dim=1, keepdim=True) + 1e-16)

    def _shift(self, w, s):
        out = torch.zeros_like(w)
        for j, offset in enumerate(range(-self.shift_range, self.shift_range + 1)):
            out = out + s[:, j : j + 1] * torch.roll(w, shifts=offset, dims=1)
        return out


class NTMReadHead(NTMHeadBase):
    def __init__(self, ctrl_dim, mem_width):
        super().__init__()
        n_shift = 2 * self.shift_range + 1
        self.lengths = [mem_width, 1, 1, n_shift, 1]
        self.fc = nn.Linear(ctrl_dim, sum(self.lengths))

    def forward(self, ctrl, memory, w_prev):
        k, beta, g, s, gamma = self.fc(ctrl).split(self.lengths, dim=1)
        w = self._address(memory, k, F.softplus(beta), torch.sigmoid(g), F.softmax(s, dim=1), 1 + F.softplus(gamma), w_prev)
        return torch.bmm(w.unsqueeze(1), memory).squeeze(1), w


class NTMCell(nn.Module):
    def __init__(self, in_dim=6, ctrl_dim=24, mem_n=16, mem_width=10):
        super().__init__()
        self.controller = nn.LSTMCell(in_dim + mem_width, ctrl_dim)
        self.head = NTMReadHead(ctrl_dim, mem_width)
        self.out = nn.Linear(ctrl_dim + mem_width, in_dim)

    def forward(self, x, memory, read_prev, w_prev, h, c):
        h, c = self.controller(torch.cat([x, read_prev], dim=1), (h, c))
        read, w = self.head(h, memory, w_prev)
        return torch.sigmoid(self.out(torch.cat([h, read], dim=1))), read, w


Model = NTMCell


def inputs():
    torch.manual_seed(3509)
    out = []
    for b in (2, 5):
        w0 = F.softmax(torch.randn(b, 16), dim=1)
        out.append((torch.randn(b, 6), torch.randn(b, 16, 10), torch.randn(b, 10), w0, torch.zeros(b, 24), torch.zeros(b, 24)))
    return out
