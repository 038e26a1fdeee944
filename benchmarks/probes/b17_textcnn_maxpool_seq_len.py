import torch
import torch.nn as nn
import torch.nn.functional as F


class KimCNN(nn.Module):
    def __init__(self, vocab=50, emb=16, n_filters=8, kernel_sizes=(2, 3, 4), n_classes=3):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb, padding_idx=0)
        self.convs = nn.ModuleList([nn.Conv1d(emb, n_filters, k) for k in kernel_sizes])
        self.dropout = nn.Dropout(0.5)
        self.fc = nn.Linear(n_filters * len(kernel_sizes), n_classes)

    @staticmethod
    def conv_and_pool(x, conv):
        x = F.relu(conv(x))
        return F.max_pool1d(x, x.size(2)).squeeze(2)  # breaks: trace

    def forward(self, tokens):
        x = self.embedding(tokens).transpose(1, 2)
        x = torch.cat([self.conv_and_pool(x, conv) for conv in self.convs], 1)
        return self.fc(self.dropout(x))


class Model(KimCNN):
    pass


def inputs():
    torch.manual_seed(0)
    return [(torch.randint(1, 50, (2, 10)),), (torch.randint(1, 50, (3, 14)),)]
