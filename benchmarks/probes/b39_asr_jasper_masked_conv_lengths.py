# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def get_seq_len(lens: Tensor, kernel: int, stride: int, dilation: int, padding: int) -> Tensor:
    return torch.div(lens + 2 * padding - dilation * (kernel - 1) - 1, stride, rounding_mode="floor") + 1


class MaskedConv1d(nn.Conv1d):
    """Conv1d that zeroes the padded tail before convolving and tracks the output lengths."""

    def forward(self, x: Tensor, lens: Tensor):
        max_len = x.size(2)
        mask = torch.arange(max_len, device=lens.device).unsqueeze(0) < lens.unsqueeze(1)
        x = x * mask.unsqueeze(1).to(x.dtype)
        out = super().forward(x)
        lens = get_seq_len(lens, self.kernel_size[0], self.stride[0], self.dilation[0], self.padding[0])
        return out, lens


class JasperBlock(nn.Module):
    def __init__(self, in_ch, out_ch, kernel, repeat=2, separable=True, residual=True):
        super().__init__()
        self.convs = nn.ModuleList()
        self.norms = nn.ModuleList()
        ch = in_ch
        for _ in range(repeat):
            groups = ch if separable else 1
            self.convs.append(MaskedConv1d(ch, ch, kernel, padding=kernel // 2, groups=groups, bias=False))
            self.convs.append(MaskedConv1d(ch, out_ch, 1, bias=False))
            self.norms.append(nn.BatchNorm1d(out_ch))
            ch = out_ch
        self.res = MaskedConv1d(in_ch, out_ch, 1, bias=False) if residual else None
        self.res_norm = nn.BatchNorm1d(out_ch)
        self.act = nn.ReLU()

    def forward(self, x, lens):
        out, out_lens = x, lens
        for i, norm in enumerate(self.norms):
            out, out_lens = self.convs[2 * i](out, out_lens)
            out, out_lens = self.convs[2 * i + 1](out, out_lens)
            out = norm(out)
            if i < len(self.norms) - 1:
                out = self.act(out)
        if self.res is not None:
            res, _ = self.res(x, lens)
            out = out + self.res_norm(res)
        return self.act(out), out_lens


class QuartzNetEncoder(nn.Module):
    def __init__(self, feat_in=16, filters=(16, 24), kernels=(5, 7), num_classes=10):
        super().__init__()
        self.prologue = MaskedConv1d(feat_in, filters[0], 3, stride=2, padding=1)
        blocks, ch = [], filters[0]
        for f, k in zip(filters, kernels):
            blocks.append(JasperBlock(ch, f, k))
            ch = f
        self.blocks = nn.ModuleList(blocks)
        self.decoder = nn.Conv1d(ch, num_classes + 1, 1)

    def forward(self, audio_signal, length):
        x, length = self.prologue(audio_signal, length)
        for block in self.blocks:
            x, length = block(x, length)
        return self.decoder(x).transpose(1, 2).log_softmax(-1), length


Model = QuartzNetEncoder


def inputs():
    torch.manual_seed(3914)
    return [(torch.randn(2, 16, 20), torch.tensor([20, 13])), (torch.randn(3, 16, 31), torch.tensor([31, 7, 25]))]
