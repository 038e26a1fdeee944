import torch
import torch.nn as nn


class RelPositionalEncoding(nn.Module):
    def __init__(self, d_model):
        super().__init__()
        inv = 1 / (10000 ** (torch.arange(0.0, d_model, 2.0) / d_model))
        self.register_buffer("inv_freq", inv)

    def forward(self, klen: int, device=None):
        pos = torch.arange(klen - 1, -1, -1.0, device=device)
        sinusoid = torch.outer(pos, self.inv_freq)
        return torch.cat([sinusoid.sin(), sinusoid.cos()], dim=-1)


class RelMultiHeadAttn(nn.Module):
    def __init__(self, d_model=16, n_head=2):
        super().__init__()
        self.n_head, self.d_head = n_head, d_model // n_head
        self.qkv = nn.Linear(d_model, 3 * d_model, bias=False)
        self.r_net = nn.Linear(d_model, d_model, bias=False)
        self.r_w_bias = nn.Parameter(torch.zeros(n_head, self.d_head))
        self.r_r_bias = nn.Parameter(torch.zeros(n_head, self.d_head))
        self.pos = RelPositionalEncoding(d_model)

    @staticmethod
    def _rel_shift(x):
        zero_pad = x.new_zeros((*x.shape[:-1], 1))
        x_padded = torch.cat([zero_pad, x], dim=-1)
        x_padded = x_padded.view(*x.shape[:-2], x.size(-1) + 1, x.size(-2))
        return x_padded[..., 1:, :].view_as(x)

    def forward(self, w):
        B, T, _ = w.shape
        q, k, v = self.qkv(w).view(B, T, 3, self.n_head, self.d_head).unbind(2)
        r = self.r_net(self.pos(T, w.device)).view(T, self.n_head, self.d_head)
        ac = torch.einsum("bind,bjnd->bnij", q + self.r_w_bias, k)
        bd = self._rel_shift(torch.einsum("bind,jnd->bnij", q + self.r_r_bias, r))
        attn = ((ac + bd) / self.d_head ** 0.5).softmax(-1)
        return torch.einsum("bnij,bjnd->bind", attn, v).reshape(B, T, -1)


Model = RelMultiHeadAttn


def inputs():
    torch.manual_seed(23)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 9, 16),)]
