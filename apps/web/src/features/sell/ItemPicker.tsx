import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Avatar, Flex, Input, Spin, Tag, Typography, type InputRef } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { formatPrice } from '../../shared/format';
import { findSellableItem, useSellableSearch, type SellableItem } from './sell.api';

/** Waits this long after the last key before searching (a scanner types a whole code in a few ms). */
const SEARCH_DELAY_MS = 250;

export const optionText = (item: Pick<SellableItem, 'option1Value' | 'option2Value' | 'option3Value'>) =>
  [item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ');

/**
 * The counter's one field: a scanned or typed code then Enter adds that item (the scanner sends the
 * Enter); typing two letters or more offers the Active items a search finds, picked with the mouse,
 * a tap or the arrow keys and Enter.
 */
export function ItemPicker({ currency, inSale, onAdd, onRefused }: { currency: string; inSale: ReadonlySet<string>; onAdd: (item: SellableItem) => void; onRefused: (message: string) => void }) {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [looking, setLooking] = useState(false);
  const [open, setOpen] = useState(false);
  const picked = useRef(false);
  const input = useRef<InputRef>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(text), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = useSellableSearch(open ? debounced : '');
  // items already in the sale stay in the list, marked and not offered again
  const rows = search.data?.rows ?? [];

  const add = (item: SellableItem) => {
    onAdd(item);
    setText('');
    setDebounced('');
    setOpen(false);
    input.current?.focus();
  };

  const lookUp = async () => {
    const code = text.trim();
    if (!code || looking) return;
    setLooking(true);
    try {
      add(await findSellableItem(code));
    } catch (error) {
      onRefused(error instanceof Error ? error.message : 'The item could not be found');
      input.current?.select();
    } finally {
      setLooking(false);
    }
  };

  return (
    <AutoComplete
      value={text}
      open={open && text.trim().length >= 2 && (rows.length > 0 || search.isFetching || search.isSuccess)}
      onOpenChange={setOpen}
      onSearch={(v) => {
        setText(v);
        setOpen(true);
      }}
      onSelect={(id: string) => {
        picked.current = true;
        const item = rows.find((r) => r.id === id);
        if (item) add(item);
      }}
      defaultActiveFirstOption={false}
      notFoundContent={search.isFetching ? 'Searching…' : 'No Active item matches'}
      options={rows.map((r) => ({
        value: r.id,
        disabled: inSale.has(r.id),
        label: (
          <Flex gap={10} align="center" data-testid="sell-search-option">
            <Avatar shape="square" size={36} src={r.image ?? undefined} style={{ flex: 'none' }}>
              {r.title.slice(0, 1)}
            </Avatar>
            <Flex vertical style={{ minWidth: 0, flex: 1 }}>
              <Typography.Text ellipsis>{r.title}</Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {r.code}
                {optionText(r) ? ` · ${optionText(r)}` : ''}
              </Typography.Text>
            </Flex>
            {inSale.has(r.id) ? (
              <Tag style={{ flex: 'none', marginInlineEnd: 0 }} data-testid="sell-search-in-sale">
                In this sale
              </Tag>
            ) : (
              <Typography.Text strong style={{ flex: 'none' }}>
                {formatPrice(r.price, currency)}
              </Typography.Text>
            )}
          </Flex>
        ),
      }))}
      style={{ width: '100%' }}
      popupMatchSelectWidth
    >
      <Input
        ref={input}
        size="large"
        autoFocus
        allowClear
        prefix={<BarcodeOutlined aria-hidden />}
        placeholder="Scan or type an item code, or search"
        aria-label="Scan or type an item code, or search"
        enterKeyHint="enter"
        autoComplete="off"
        suffix={looking ? <Spin size="small" /> : <span />}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // an option chosen with the arrow keys is added by onSelect; a plain Enter looks the code up
          window.setTimeout(() => {
            if (picked.current) picked.current = false;
            else void lookUp();
          });
        }}
        data-testid="sell-code-input"
      />
    </AutoComplete>
  );
}
