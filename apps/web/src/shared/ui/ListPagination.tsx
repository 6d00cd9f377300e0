import { Flex, Pagination, Typography } from 'antd';
import { PAGE_SIZES, pageBounds, paginationText } from '@backroom/domain';

/**
 * The pager under a server-paginated list (spec section 9): "a-b of n items", page sizes 10 to 500,
 * size changer and quick jumper; centred and stacked on a phone. Shows nothing for an empty list.
 */
export function ListPagination(props: { page: number; pageSize: number; total: number; isMobile: boolean; onChange: (page: number, pageSize: number) => void; testId?: string }) {
  const { page, pageSize, total, isMobile, onChange, testId } = props;
  if (total <= 0) return null;
  const { first, last } = pageBounds(page, pageSize, total);
  return (
    <Flex justify={isMobile ? 'center' : 'space-between'} align="center" wrap gap={8} vertical={isMobile} style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid="pagination-text">
        {paginationText(first, last, total)}
      </Typography.Text>
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        size={isMobile ? 'small' : undefined}
        showSizeChanger
        showQuickJumper
        pageSizeOptions={PAGE_SIZES.map(String)}
        onChange={onChange}
        data-testid={testId}
      />
    </Flex>
  );
}
