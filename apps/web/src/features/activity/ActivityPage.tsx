import { useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { Alert, Button, Empty, Flex, Input, Select, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ACTIVITY_DEFAULT_DAYS, dropBlankDuplicates, groupActivityByDay } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { DateRangeField, lastDays, type DayRange } from '../../shared/ui/DateRangeField';
import { useCurrentStore } from '../store/store.api';
import { useActivityFeed, useLogEmployees } from './activity.api';
import { ActivityCard } from './ActivityCard';
import './activity.css';

/** Catalogue doc section 9: the pull shows from 10 px; letting go past PULL_REFRESH_AT refreshes. */
const PULL_SHOW_AT = 10;
const PULL_REFRESH_AT = 64;
const SEARCH_DEBOUNCE_MS = 300;

/** /activity (Inventory access; catalogue doc section 2, Activity). */
export default function ActivityPage() {
  useDocumentTitle('Activity');
  const store = useCurrentStore();
  const isMobile = useIsMobile();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [lastUpdatedBy, setLastUpdatedBy] = useState<string | undefined>();
  const [range, setRange] = useState<DayRange>(() => lastDays(ACTIVITY_DEFAULT_DAYS));
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const feed = useActivityFeed({ search, lastUpdatedBy, after: range.from, before: range.to });
  const employees = useLogEmployees();
  const logs = useMemo(() => dropBlankDuplicates(feed.data?.pages.flatMap((p) => p.inventoryLogs) ?? []), [feed.data]);
  const days = useMemo(() => groupActivityByDay(logs), [logs]);

  // Infinite scroll: the next 100 as the end comes into view.
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = feed;
  useEffect(() => {
    const node = end.current;
    if (!node || !hasNextPage || isFetchingNextPage || isError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void fetchNextPage(), { rootMargin: '600px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, logs.length]);

  const pull = usePullToRefresh(isMobile, () => void feed.refetch());

  return (
    <div onTouchStart={pull.onTouchStart} onTouchMove={pull.onTouchMove} onTouchEnd={pull.onTouchEnd} data-testid="activity-page">
      <div className="activity-pull" style={{ height: pull.distance > PULL_SHOW_AT ? Math.min(pull.distance, PULL_REFRESH_AT) : feed.isRefetching && !isFetchingNextPage ? 32 : 0 }} aria-live="polite">
        {feed.isRefetching && !isFetchingNextPage ? 'Refreshing...' : pull.distance >= PULL_REFRESH_AT ? 'Release to refresh' : pull.distance > PULL_SHOW_AT ? 'Pull to refresh' : null}
      </div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Activity
        </Typography.Title>
        {!isMobile && (
          <Button icon={<ReloadOutlined />} onClick={() => void feed.refetch()} loading={feed.isRefetching && !isFetchingNextPage}>
            Refresh
          </Button>
        )}
      </Flex>
      <Flex className="activity-filters" gap={8} wrap vertical={isMobile} style={{ marginTop: 12 }}>
        <Input.Search allowClear placeholder="Search products" aria-label="Search products" value={searchText} onChange={(e) => setSearchText(e.target.value)} style={isMobile ? undefined : { width: 280 }} data-testid="activity-search" maxLength={200} />
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder="Last Updated By"
          aria-label="Last Updated By"
          value={lastUpdatedBy}
          onChange={(v) => setLastUpdatedBy(v)}
          loading={employees.isPending}
          options={(employees.data?.employees ?? []).map((e) => ({ value: e.id, label: e.name }))}
          data-testid="activity-updated-by"
        />
        <DateRangeField range={range} onChange={setRange} testId="activity-dates" />
      </Flex>

      {feed.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} style={{ marginTop: 16 }} />
      ) : feed.isError && logs.length === 0 ? (
        <Alert type="error" showIcon style={{ marginTop: 16 }} title="The activity could not be loaded" description={errorMessage(feed.error)} action={<Button onClick={() => void feed.refetch()}>Try again</Button>} />
      ) : logs.length === 0 ? (
        <Empty style={{ marginTop: 48 }} description={search || lastUpdatedBy ? 'No changes match these filters in these dates.' : 'No changes in these dates.'} />
      ) : (
        <>
          {days.map((day) => (
            <section key={day.day} aria-label={day.heading} data-testid="activity-day">
              <Typography.Title level={5} className="activity-day">
                {day.heading}
              </Typography.Title>
              <Flex vertical gap={8}>
                {day.logs.map((log) => (
                  <ActivityCard key={log.id} log={log} currency={store?.currency ?? null} />
                ))}
              </Flex>
            </section>
          ))}
          <Flex ref={end} justify="center" style={{ minHeight: 48, marginTop: 12 }} data-testid="activity-end">
            {hasNextPage ? (
              <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
                {isError ? 'Try again' : 'Load more'}
              </Button>
            ) : (
              <Typography.Text type="secondary">{logs.length === 1 ? 'That is the only change in these dates.' : `That is all ${logs.length} changes in these dates.`}</Typography.Text>
            )}
          </Flex>
        </>
      )}
    </div>
  );
}

/** Pull down from the top of the page on a phone to refresh (a touch drag; no effect on a desktop). */
function usePullToRefresh(enabled: boolean, refresh: () => void) {
  const start = useRef<number | null>(null);
  const [distance, setDistance] = useState(0);
  return {
    distance,
    onTouchStart: (e: TouchEvent) => {
      start.current = enabled && window.scrollY <= 0 ? (e.touches[0]?.clientY ?? null) : null;
    },
    onTouchMove: (e: TouchEvent) => {
      if (start.current === null) return;
      const dy = (e.touches[0]?.clientY ?? start.current) - start.current;
      setDistance(dy > 0 ? dy / 2 : 0);
    },
    onTouchEnd: () => {
      if (start.current !== null && distance >= PULL_REFRESH_AT) refresh();
      start.current = null;
      setDistance(0);
    },
  };
}
