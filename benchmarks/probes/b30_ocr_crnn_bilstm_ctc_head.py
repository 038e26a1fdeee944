from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class CRNNConfig:
    in_channels: int = 1
    image_height: int = 16
    hidden: int = 32
    num_classes: int = 37


def conv_bn_relu(cin, cout, pool=None):
    layers = [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]
    if pool is not None:
        layers.append(nn.MaxPool2d(pool))
    return nn.Sequential(*layers)


class CRNN(nn.Module):
    def __init__(self, cfg: CRNNConfig = CRNNConfig()):
        super().__init__()
        self.cfg = cfg
        self.backbone = nn.Sequential(
            conv_bn_relu(cfg.in_channels, 16, 2),
            conv_bn_relu(16, 32, 2),
            conv_bn_relu(32, 32, (2, 1)),
        )
        feat_h = cfg.image_height // 8
        self.rnn = nn.LSTM(32 * feat_h, cfg.hidden, batch_first=True, bidirectional=True)
        self.classifier = nn.Linear(2 * cfg.hidden, cfg.num_classes)

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        f = self.backbone(images)
        b, c, h, w = f.shape
        seq = f.permute(0, 3, 1, 2).reshape(b, w, c * h)
        out, _ = self.rnn(seq)  # breaks: compile
        return self.classifier(out).log_softmax(-1).transpose(0, 1)


Model = CRNN


def inputs():
    torch.manual_seed(3001)
    return [(torch.randn(2, 1, 16, 64),), (torch.randn(3, 1, 16, 64),)]
