# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ComplexConv2d(nn.Module):
    """Complex convolution as two real convolutions on stacked real/imag channels."""

    def __init__(self, in_ch, out_ch, kernel_size=(3, 3), stride=(2, 1), padding=(1, 1)):
        super().__init__()
        self.real = nn.Conv2d(in_ch // 2, out_ch // 2, kernel_size, stride, padding)
        self.imag = nn.Conv2d(in_ch // 2, out_ch // 2, kernel_size, stride, padding)

    def forward(self, x):
        xr, xi = torch.chunk(x, 2, dim=1)
        real = self.real(xr) - self.imag(xi)
        imag = self.real(xi) + self.imag(xr)
        return torch.cat([real, imag], dim=1)


class ComplexConvTranspose2d(nn.Module):
    def __init__(self, in_ch, out_ch, kernel_size=(3, 3), stride=(2, 1), padding=(1, 1), output_padding=(1, 0)):
        super().__init__()
        self.real = nn.ConvTranspose2d(in_ch // 2, out_ch // 2, kernel_size, stride, padding, output_padding)
        self.imag = nn.ConvTranspose2d(in_ch // 2, out_ch // 2, kernel_size, stride, padding, output_padding)

    def forward(self, x):
        xr, xi = torch.chunk(x, 2, dim=1)
        return torch.cat([self.real(xr) - self.imag(xi), self.real(xi) + self.imag(xr)], dim=1)


class DCCRN(nn.Module):
    def __init__(self, n_fft=32, hop=8, channels=(2, 8, 16)):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        self.encoder = nn.ModuleList(
            nn.Sequential(ComplexConv2d(a, b), nn.PReLU()) for a, b in zip(channels[:-1], channels[1:])
        )
        rev = channels[::-1]
        self.decoder = nn.ModuleList(
            nn.Sequential(ComplexConvTranspose2d(2 * a, b), nn.PReLU() if b != 2 else nn.Identity())
            for a, b in zip(rev[:-1], rev[1:])
        )

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        spec = spec[:, 1:]  # drop DC so the frequency axis halves cleanly
        x = torch.stack([spec.real, spec.imag], dim=1)
        skips = []
        for layer in self.encoder:
            x = layer(x)
            skips.append(x)
        for layer in self.decoder:
            x = layer(torch.cat([x, skips.pop()], dim=1))
        mask_r, mask_i = x[:, 0], x[:, 1]
        mag = torch.tanh(torch.sqrt(mask_r ** 2 + mask_i ** 2 + 1e-8))
        phase = torch.atan2(mask_i, mask_r)
        est = spec * torch.polar(mag, phase)
        est = torch.cat([torch.zeros_like(est[:, :1]), est], dim=1)
        return torch.istft(est, self.n_fft, self.hop, window=self.window, length=wav.shape[-1])


Model = DCCRN


def inputs():
    torch.manual_seed(4308)
    return [(torch.randn(2, 120),), (torch.randn(1, 200),)]
