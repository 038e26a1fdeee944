import torch
from torch import Tensor, nn


def fft_for_period(x: Tensor, k: int = 2):
    xf = torch.fft.rfft(x, dim=1)
    frequency_list = abs(xf).mean(0).mean(-1)
    frequency_list[0] = 0
    _, top_list = torch.topk(frequency_list, k)
    top_list = top_list.detach().cpu().numpy()  # breaks: export,trace
    period = x.shape[1] // top_list
    return period, abs(xf).mean(-1)[:, top_list]


class TimesBlock(nn.Module):
    def __init__(self, d_model: int, seq_len: int, k: int = 2):
        super().__init__()
        self.seq_len, self.k = seq_len, k
        self.conv = nn.Conv2d(d_model, d_model, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        b, t, n = x.size()
        period_list, period_weight = fft_for_period(x, self.k)
        res = []
        for i in range(self.k):
            period = period_list[i]
            if self.seq_len % period != 0:  # breaks: compile,trace
                length = ((self.seq_len // period) + 1) * period
            else:
                length = self.seq_len
            out = torch.cat([x, x.new_zeros(b, length - t, n)], dim=1)
            out = out.reshape(b, length // period, period, n).permute(0, 3, 1, 2)
            out = self.conv(out).permute(0, 2, 3, 1).reshape(b, -1, n)
            res.append(out[:, :t, :])
        weights = torch.softmax(period_weight, dim=1)
        return (torch.stack(res, dim=-1) * weights[:, None, None, :]).sum(-1) + x


class Model(nn.Module):
    def __init__(self, d_model: int = 4, seq_len: int = 12):
        super().__init__()
        self.block = TimesBlock(d_model, seq_len)

    def forward(self, x: Tensor) -> Tensor:
        return self.block(x)


def inputs():
    torch.manual_seed(0)
    t = torch.arange(12.0)
    x1 = torch.stack([torch.sin(t * 2.1), torch.cos(t * 1.05), torch.sin(t * 0.5), t * 0.1], -1)
    return [(x1.expand(2, 12, 4).clone(),), (torch.randn(2, 12, 4),)]
