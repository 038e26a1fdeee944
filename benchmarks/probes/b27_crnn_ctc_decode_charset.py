import torch
import torch.nn as nn

CHARSET = "-0123456789abcdefghijklmnopqrstuvwxyz"


class BidirectionalLSTM(nn.Module):
    def __init__(self, nin, nh, nout):
        super().__init__()
        self.rnn = nn.LSTM(nin, nh, bidirectional=True, batch_first=True)
        self.fc = nn.Linear(nh * 2, nout)

    def forward(self, x):
        out, _ = self.rnn(x)
        return self.fc(out)


class CRNN(nn.Module):
    def __init__(self, img_h=16, nc=1, nh=32, decode=True):
        super().__init__()
        self.decode = decode
        self.cnn = nn.Sequential(
            nn.Conv2d(nc, 16, 3, 1, 1), nn.ReLU(True), nn.MaxPool2d(2, 2),
            nn.Conv2d(16, 32, 3, 1, 1), nn.ReLU(True), nn.MaxPool2d((2, 1), (2, 1)),
            nn.Conv2d(32, 32, 3, 1, 1), nn.BatchNorm2d(32), nn.ReLU(True),
            nn.AdaptiveAvgPool2d((1, None)),
        )
        self.rnn = BidirectionalLSTM(32, nh, len(CHARSET))

    @staticmethod
    def greedy_decode(best):
        texts = []
        for row in best.tolist():
            chars, prev = [], 0
            for c in row:
                if c != prev and c != 0:
                    chars.append(CHARSET[c])
                prev = c
            texts.append("".join(chars))
        return texts

    def forward(self, images):
        seq = self.cnn(images).squeeze(2).permute(0, 2, 1)
        log_probs = self.rnn(seq).log_softmax(-1)
        if self.training or not self.decode:
            return log_probs
        return log_probs, self.greedy_decode(log_probs.argmax(-1))


Model = CRNN


def inputs():
    torch.manual_seed(298)
    return [
        (torch.randn(2, 1, 16, 64),),
        (torch.randn(3, 1, 16, 48),),
    ]
