import torch
from torch import nn


class LogMelFrontend(nn.Module):
    def __init__(self, n_fft: int = 64, hop: int = 16, n_mels: int = 10):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("mel_fb", torch.rand(n_fft // 2 + 1, n_mels))

    def forward(self, wav):
        with torch.autocast(device_type="cpu", enabled=False):
            spec = torch.stft(
                wav.float(), self.n_fft, self.hop, window=self.window, return_complex=True
            )
            power = spec.abs().pow(2)
            mel = torch.matmul(power.transpose(1, 2), self.mel_fb)
        return torch.log(mel.clamp(min=1e-6))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.frontend = LogMelFrontend()
        self.encoder = nn.Conv1d(10, 16, 3, padding=1)
        self.classifier = nn.Linear(16, 4)

    def forward(self, wav):
        h = torch.relu(self.encoder(self.frontend(wav).transpose(1, 2)))
        return self.classifier(h.mean(-1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 400),), (torch.randn(3, 400),)]
